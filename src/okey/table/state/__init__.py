"""The table's state: the seat it plays (the seam, the local session, saving), its
settings, who sits where, the rack and its sorting, the clock, and what is open (a menu
or a question, the chat, what Ctrl+F looks for)."""
