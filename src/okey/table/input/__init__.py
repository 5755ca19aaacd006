"""What the player's keys do: the mode router and the handlers of normal play (moves,
reading, the rack, finding, saving and leaving, the chat, the volume)."""
