import requests


def reclaim_pending():
    r = requests.get(
        "http://169.254.169.254/latest/meta-data/spot/termination-time",  # want "medium SV289: .*for instance facts, not credentials"
        timeout=2,
    )
    return r.status_code == 200


def region():
    return requests.get("http://169.254.169.254/latest/meta-data/placement/region", timeout=2).text  # want "medium SV289: .*for instance facts"


if reclaim_pending():
    print("draining worker in", region())
