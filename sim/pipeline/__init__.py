"""The pipeline: from an experiment's description to a Parquet dataset on disk, for any game.

What to play:
    experiment.py   an experiment from a TOML file and flags, validated, with an identity digest
Playing it:
    runner.py       chunks of games in parallel workers, each saved as it ends; error rows, resume
    backends.py     where workers run: this machine, or a Dask or Ray cluster (Ray through joblib)
    dask_cluster.py each chunk a task on a Dask cluster: a killed worker's chunks are played elsewhere,
                    a lost scheduler stops the run in one line for --resume
    supervisor.py   this machine's worker processes: the parent owns each chunk's deadline and replaces
                    a worker that dies or stalls; the culprit game becomes an error row
    processes.py    the process tree and tagged processes, to check that workers end with their parent
Keeping it:
    storage.py      the run folder: Parquet parts and the manifest that lists each with its checksum
    summary.py      the end-of-run summary read back from the dataset, with intervals
Designs made of several runs:
    sweep.py        one override at several values, a run per value on the same seeds
    tournament.py   every table of bots in every seat rotation on common deals, with ratings
And:
    command.py      how a hint names the arkmc command so that it runs as written
"""
