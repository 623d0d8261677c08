"""The run screen's parts: task, plan, page, step log and status bar."""
