"""The Textual app: a run's plan, steps and page live, and a dialog before anything irreversible.

`tui` imports neither Playwright nor openai: it drives a `Session` (tui/session.py) that the
command line builds (webagent/cli/tui.py) and a test can fake.
"""
