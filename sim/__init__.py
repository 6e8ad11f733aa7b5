"""arkmc: Monte Carlo strategy analysis for animal-themed board games.

BLAS runs single-threaded unless the environment says otherwise. Every matrix this project
factorizes is small (a regression over a few thousand seats and a few dozen columns, a CMA-ES
covariance), where BLAS threads buy nothing and, on a busy machine, cost a hundredfold: a QR of
1,600 x 20 took 0.7 ms on one thread and 63 ms on two while the two cores were busy, which made
`arkmc report` spend most of its time waiting. It must be set before numpy loads its BLAS, hence here.
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")
