"""Use the SDK's credential chain; mention link-local ranges in docs only."""
import boto3
import ipaddress

s3 = boto3.client("s3")
print(s3.list_buckets())
LINK_LOCAL = ipaddress.ip_network("169.254.0.0/16")
