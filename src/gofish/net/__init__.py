"""A shared table over the network: ``gofish host`` runs the game, ``gofish join`` takes a seat.

The host holds the only real game. Each joined seat is sent exactly what that seat may see (its
filtered events and its own view) over the same JSON-lines messages ``gofish bot`` speaks, so a
remote player is to the host what a bot is to the simulator: a seat that is told things and
answers with an action.
"""
