#!/usr/bin/env python3
import sys

import boto3


def human(n):
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if n < 1024:
            return f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} PB"


def buckets(s3):
    for b in s3.list_buckets()["Buckets"]:
        try:
            pab = s3.get_public_access_block(Bucket=b["Name"])["PublicAccessBlockConfiguration"]
            public = "blocked" if all(pab.values()) else "PARTIAL"
        except s3.exceptions.ClientError:
            public = "no block config"
        print(f"{b['Name']}\t{b['CreationDate']:%Y-%m-%d}\t{public}")


def prefix(s3, bucket, pfx):
    total = count = 0
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=pfx):
        for o in page.get("Contents", []):
            total += o["Size"]
            count += 1
    print(f"s3://{bucket}/{pfx}\t{count} objects\t{human(total)}")


if __name__ == "__main__":
    client = boto3.client("s3")
    if len(sys.argv) >= 2:
        prefix(client, sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "")
    else:
        buckets(client)
