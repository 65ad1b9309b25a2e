"""The engine core shared by the four games: rules apart from state, actions, records."""
