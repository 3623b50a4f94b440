// Package provenance checks who published a skill and that it is what they
// published, and records admitted versions in a lock file.
//
// # Signatures
//
// A signed skill carries skill.oms.sig at its root: an OpenSSF Model
// Signing (OMS) signature, as NVIDIA's skills catalog ships it. It is a
// Sigstore bundle v0.3 whose verification material is an X.509 certificate
// chain (leaf first) and whose content is a DSSE envelope over an in-toto
// Statement v1 with the predicate https://model_signing/signature/v1.0: the
// serialization (method files, hash sha256, allow_symlinks, ignore_paths)
// and one resource per file (its path and SHA-256).
//
// Verifier.Verify checks, offline:
//
//  1. the bundle parses (sigstore-go's bundle package, certificate chains
//     allowed) and holds an in-toto statement with the OMS predicate whose
//     subject digest matches its resource list;
//  2. the signing certificate chains, through the bundle's intermediates,
//     to a root certificate of a configured trust anchor and is valid at the
//     current time (sigstore-go's certificate authority over crypto/x509,
//     code signing allowed), and matches the anchor's identity if one is
//     set;
//  3. the DSSE signature verifies with the signing certificate's key
//     (sigstore-go's signature verification, which uses
//     go-securesystemslib's DSSE implementation);
//  4. every file of the skill is exactly as signed: a changed file, a
//     signed file that is missing, a file the signature neither lists nor
//     ignores (the signature file itself excepted), and a symbolic link when
//     the signature does not allow them are each a problem naming the file.
//     Content that could not be read cannot be checked, and fails too.
//
// sigstore-go's all-in-one Verifier is not used: it requires a Fulcio
// style identity (a subject alternative name) in the signing certificate,
// which private PKI certificates such as NVIDIA's, named by their subject
// alone, do not have. Each step above is the library's own code.
//
// What an offline check cannot prove: that the signing certificate or an
// intermediate was not revoked (no CRL or OCSP is fetched), that the
// signature was logged in a transparency log (no inclusion proof is
// checked), or when it was made (no trusted timestamp: validity is checked
// at the current time, so a signature made while the certificate was valid
// fails once it expires). Files under the signature's ignore_paths are not
// vouched for.
//
// # Content hash and lock file
//
// Tree.ContentHash identifies one version of a skill (every file's path
// and bytes, every link's path and target); Lock is the skills.lock file
// that records admitted versions with their signer and capabilities, so
// that an update can be described by what it adds.
package provenance
