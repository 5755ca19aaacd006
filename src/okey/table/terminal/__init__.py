"""The table in a terminal: the screen a sighted player sees and the prompt_toolkit
application that binds the keys, paces the bots and runs the clock."""
