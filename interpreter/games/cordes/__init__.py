"""Dans les Cordes: its card language, and later its engine."""
