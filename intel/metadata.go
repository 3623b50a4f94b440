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
// DigitalOcean droplet's id, name and region), and the roots listed without
// recursion (/latest/meta-data/, /computeMetadata/v1/instance/: the names
// of the entries, no values). Not among them: credentials and tokens, the
// IAM role list, user data and custom data, GCP attributes (startup
// scripts, ssh keys), signed identity documents, and recursive listings,
// which include values.
var metaInfoRx = rxlit.MustRx(`^(?:/latest|/latest/meta-data|/computemetadata/v1(?:/instance|/project)?|/latest/meta-data/(?:instance-id|instance-type|instance-life-cycle|ami-id|ami-launch-index|ami-manifest-path|hostname|local-hostname|public-hostname|local-ipv4|public-ipv4|ipv6|mac|reservation-id|security-groups|region-id|zone-id|image-id|private-ipv4|eipv4|vpc-id|vswitch-id|network-type|instance/instance-type|instance/instance-name|services/(?:domain|partition)|placement(?:/[\w-]+)?|network/interfaces/macs(?:/[\w:.-]+(?:/[\w-]+)?)?|block-device-mapping(?:/[\w-]+)?|events/maintenance/[\w-]+|spot/(?:instance-action|termination-time))|/latest/dynamic/instance-identity/document|/computemetadata/v1/instance/(?:id|name|hostname|zone|machine-type|cpu-platform|image|preempted|maintenance-event|tags|network-interfaces(?:/[\w/-]*)?)|/computemetadata/v1/project/(?:project-id|numeric-project-id)|/metadata/instance(?:/network(?:/[\w/-]*)?|/compute(?:/(?:location|vmsize|name|zone|vmid|ostype|offer|publisher|sku|version|resourcegroupname|subscriptionid|platformfaultdomain|platformupdatedomain|tags|tagslist|vmscalesetname|storageprofile(?:/[\w/-]*)?))?)?|/metadata/(?:scheduledevents|versions)|/metadata/v1/(?:id|hostname|region|interfaces(?:/[\w/-]*)?))$`)

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
func MetadataPathRole(u string) MetaRole {
	low := strings.ToLower(u)
	path, query := metadataPath(u)
	switch {
	case path == "/latest/api/token":
		return MetaSession
	case strings.Contains(low, "security-credentials") || strings.Contains(low, "/token") || strings.Contains(low, "identity/oauth2") || strings.Contains(low, "service-accounts"):
		return MetaCredential
	case metaInfoRx.MatchString(path) && !strings.Contains(query, "recursive=true") || strings.Contains(query, "recursive=true") && strings.HasPrefix(path, "/computemetadata/v1/instance/network-interfaces"):
		return MetaInfo
	}
	return MetaOther
}
