"""Duel de dragons: its card language, and later its engine."""
