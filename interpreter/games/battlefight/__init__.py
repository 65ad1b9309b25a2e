"""BattleFight: its card language and its engine."""
