"""Duel de dragons: its card language and its engine (a duel of five rounds, fatigue, the reserve)."""
