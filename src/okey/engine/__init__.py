"""The round and match engine: a pure state machine fed by actions, emitting events."""
