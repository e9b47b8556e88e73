"""The UI harness: made-up positions, screenshots of every scene, the frame benchmark."""
