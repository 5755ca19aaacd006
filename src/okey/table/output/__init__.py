"""What the table says: the lines of events (narration), of the state (prompts) and of
the reading keys (status, glance, how close, hint, review, welcome), put in words and
handed to the speaker with their sounds (words, voice, cues)."""
