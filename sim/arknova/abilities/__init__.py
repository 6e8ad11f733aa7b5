"""Animal abilities: the handlers behind the keywords of the animal cards' ability and
solo-ability columns, registered with `@effect` so that any card (animal or sponsor
trigger) can grant them to any seat at any time. Importing the package registers them."""

from sim.arknova.abilities import cards, extra_actions, flock, gains, interaction  # noqa: F401
