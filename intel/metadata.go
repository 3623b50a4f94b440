package intel

import (
	"strings"

	"github.com/skillvet/skillvet/parse/rxlit"
)

// MetaRole is what a request to a cloud instance metadata service asks
// for, judged by its path.
type MetaRole uint8

const (
	MetaOther      MetaRole = iota // a path not known to be harmless
	MetaInfo                       // instance facts (metaInfoRx)
	MetaCredential                 // credentials, tokens, service accounts
	MetaSession                    // the AWS IMDSv2 session token (PUT /latest/api/token)
)

// MetadataHosts are the addresses and names of instance metadata services
// (AWS, Azure, GCP, OpenStack, Alibaba, ECS task metadata).
var MetadataHosts = []string{"169.254.169.254", "metadata.google.internal", "100.100.100.200", "fd00:ec2::254", "169.254.170.2", "metadata.azure.com"}

// metaInfoRx matches the paths (lower case, without the query and a
// trailing slash) that answer with facts about the instance: its id, type,
// image, address, network, placement and maintenance events (AWS and
// Alibaba meta-data, the AWS identity document, GCP instance and project
// ids, Azure's instance document and its compute and network parts, the
// DigitalOcean droplet's id, name and region, the Oracle Cloud instance's
// id, name, region, shape and VNICs), and the roots listed without
// recursion (/latest/meta-data/, /computeMetadata/v1/instance/: the names
// of the entries, no values). Not among them: credentials and tokens, the
// IAM role list, user data and custom data, GCP attributes (startup
// scripts, ssh keys), signed identity documents, and recursive listings,
// which include values.
var metaInfoRx = rxlit.MustRx(`^(?:/latest|/latest/meta-data|/computemetadata/v1(?:/instance|/project)?|/latest/meta-data/(?:instance-id|instance-type|instance-life-cycle|ami-id|ami-launch-index|ami-manifest-path|hostname|local-hostname|public-hostname|local-ipv4|public-ipv4|ipv6|mac|reservation-id|security-groups|region-id|zone-id|image-id|private-ipv4|eipv4|vpc-id|vswitch-id|network-type|instance/instance-type|instance/instance-name|tags/instance(?:/[\w.:-]+)?|services/(?:domain|partition)|placement(?:/[\w-]+)?|network/interfaces/macs(?:/[\w:.-]+(?:/[\w-]+)?)?|block-device-mapping(?:/[\w-]+)?|events/maintenance/[\w-]+|spot/(?:instance-action|termination-time))|/latest/dynamic/instance-identity/document|/computemetadata/v1/instance/(?:id|name|hostname|zone|machine-type|cpu-platform|image|preempted|maintenance-event|tags|network-interfaces(?:/[\w/-]*)?)|/computemetadata/v1/project/(?:project-id|numeric-project-id)|/metadata/instance(?:/network(?:/[\w/-]*)?|/compute(?:/(?:location|vmsize|name|zone|vmid|ostype|offer|publisher|sku|version|resourcegroupname|subscriptionid|platformfaultdomain|platformupdatedomain|tags|tagslist|vmscalesetname|storageprofile(?:/[\w/-]*)?))?)?|/metadata/(?:scheduledevents|versions)|/metadata/v1/(?:id|hostname|region|interfaces(?:/[\w/-]*)?)|/opc/v[12]/instance/(?:id|displayname|hostname|region|canonicalregionname|availabilitydomain|faultdomain|shape|shapeconfig(?:/\w+)?|compartmentid|image|state|timecreated)|/opc/v[12]/vnics(?:/[\w./-]*)?)$`)

// metadataPath returns the path of a metadata URL (lower case, without the
// host, the query and a trailing slash) and its query.
func metadataPath(u string) (path, query string) {
	low := strings.ToLower(u)
	for _, h := range MetadataHosts {
		if i := strings.Index(low, h); i >= 0 {
			low = low[i+len(h):]
			break
		}
	}
	if strings.HasPrefix(low, ":") {
		if i := strings.IndexByte(low, '/'); i >= 0 {
			low = low[i:]
		} else {
			low = ""
		}
	}
	low = strings.TrimRight(low, "\"' ")
	path, query, _ = strings.Cut(low, "?")
	return strings.TrimRight(path, "/"), query
}

// MetadataPathRole says what a metadata URL (or its path) asks for: the
// session token, credentials and tokens, instance facts, or something
// else. Recursive listings are facts only for GCP's network interfaces.
// Oracle Cloud's /opc/v2/identity hands out the instance principal's
// certificate and private key: credentials.
func MetadataPathRole(u string) MetaRole {
	low := strings.ToLower(u)
	path, query := metadataPath(u)
	switch {
	case path == "/latest/api/token":
		return MetaSession
	case strings.Contains(low, "security-credentials") || strings.Contains(low, "/token") || strings.Contains(low, "identity/oauth2") || strings.Contains(low, "service-accounts") ||
		strings.HasPrefix(path, "/opc/v1/identity") || strings.HasPrefix(path, "/opc/v2/identity"):
		return MetaCredential
	case metaInfoRx.MatchString(path) && !strings.Contains(query, "recursive=true") || strings.Contains(query, "recursive=true") && strings.HasPrefix(path, "/computemetadata/v1/instance/network-interfaces"):
		return MetaInfo
	}
	return MetaOther
}

// MetadataRoleListing reports a request for the list of the instance's
// IAM (AWS) or RAM (Alibaba) role names (/latest/meta-data/iam/security-
// credentials/ with no role after it): names, not credentials; the read of
// a role's credentials is a second request naming it.
func MetadataRoleListing(u string) bool {
	path, _ := metadataPath(u)
	return strings.HasSuffix(path, "/iam/security-credentials") || strings.HasSuffix(path, "/ram/security-credentials")
}

// cloudTokenServices are the token services of the cloud vendors that
// issue instance credentials: where workload identity federation trades
// an instance or identity token for another (Google's STS, OAuth and IAM
// credentials APIs, Microsoft Entra ID, AWS STS, Alibaba STS).
var cloudTokenServices = []string{"sts.googleapis.com", "oauth2.googleapis.com", "iamcredentials.googleapis.com",
	"login.microsoftonline.com", "sts.amazonaws.com", "sts.aliyuncs.com"}

// CloudTokenService reports whether host is a cloud vendor's own token
// service (regional AWS STS endpoints included: sts.eu-west-1.amazonaws.com).
func CloudTokenService(host string) bool {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	for _, h := range cloudTokenServices {
		if host == h {
			return true
		}
	}
	if r, ok := strings.CutPrefix(host, "sts."); ok {
		r, ok = strings.CutSuffix(r, ".amazonaws.com")
		return ok && r != "" && !strings.Contains(r, ".")
	}
	return false
}
