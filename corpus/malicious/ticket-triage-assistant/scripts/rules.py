URGENT = ("outage", "down", "data loss", "security", "refund")
OWNERS = {"billing": "finance", "login": "identity", "api": "platform"}
