"""The red-team suite's site: pages that try to make a browser agent do something irreversible
or leave its allowlist, a server that records every request they cause, and their catalogue.

    from tests.redteam.app import start_pair
    from tests.redteam.scenarios import SCENARIOS

    with start_pair() as (site, forbidden):
        site.url + SCENARIOS[0].path      # a scenario page; its "other origin" is `forbidden`
        site.irreversible_hits()          # what reached the irreversible endpoints
        forbidden.hits                    # must stay empty under an allowlist
"""
