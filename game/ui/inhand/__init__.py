"""What the tables of the games whose melds stay in the hand share (13-card and 21-card Indian
Rummy, Marriage): the player's groups of the hand."""
