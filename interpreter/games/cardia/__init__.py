"""Duel pour Cardia: its card language (characters, Lieu cards, Protecteurs) and its engine."""
