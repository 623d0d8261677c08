"""Learning a site's profile by exploring it (`webagent sites learn URL`): read-only
exploration through the network guard, pages grouped into candidate states by URL template
and by what the generic states make of them, and a draft profile and report written for a
person to review."""
