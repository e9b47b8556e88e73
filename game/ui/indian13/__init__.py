"""The 13-card Indian Rummy table: its match (the series of deals), the player's grouping of a
hand, the table scene, the result table and the door to its bots."""
