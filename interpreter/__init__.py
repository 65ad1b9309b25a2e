"""atout's interpreter: the card language, the engine core and the games."""
