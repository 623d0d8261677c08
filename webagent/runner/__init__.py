"""Running many WebArena tasks unattended: sites and sign-in, workers, resume, scoring, reports.

The runner sits above the agent: each task gets a fresh browser context signed into its sites,
the agent's run, the HAR and answer webarena-verified scores, and a record in its own folder
(`webagent.runner.record`).
"""
