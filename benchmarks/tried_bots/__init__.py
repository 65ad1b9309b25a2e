"""The heuristic bots as they were on 2026-12-07, before they were made faster: the yardstick of their strength.

Each game's bot and the trying it stands on (`trial.py`) are copied as they
were, so that `benchmarks/bots_match.py --old tried` plays today's bots
against them on the engine of today: a faster bot must not be a weaker one.
"""
