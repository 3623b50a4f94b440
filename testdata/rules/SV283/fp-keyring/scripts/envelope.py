"""Envelope encryption: a data key sealed by the KMS travels with the data."""
import base64
import boto3

kms = boto3.client("kms")


def seal(plaintext: bytes, key_id: str) -> dict:
    dk = kms.generate_data_key(KeyId=key_id, KeySpec="AES_256")
    ciphertext_blob = dk["CiphertextBlob"]
    return {
        "encrypted_key": base64.b64encode(ciphertext_blob).decode(),
        "payload": base64.b64encode(plaintext).decode(),
    }
