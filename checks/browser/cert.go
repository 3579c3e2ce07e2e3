package browser

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"math/big"
	"net"
	"net/http"
	"time"
)

// siteCert is the certificate a local crawl serves its site with: made in
// memory when Chromium starts, for 127.0.0.1 and localhost, and never
// written anywhere. The site is served over https because Chromium applies
// its mixed-content rules only to https pages, as a deployed docs site is.
type siteCert struct {
	cert tls.Certificate
	// spki is the SHA-256 of the certificate's public key, in base64: the
	// one key Chromium is started to accept (--ignore-certificate-errors-
	// spki-list), so any other site's certificate is judged as ever. Unlike
	// ignoring certificate errors (Security.setIgnoreCertificateErrors), the
	// site is then a secure origin: with that command a service worker's
	// register() is refused ("An SSL certificate error occurred when fetching
	// the script"), Chromium 156.
	spki string
	pool *x509.CertPool // for the crawl's own requests to the site (source maps)
}

// certValidity is long enough for any crawl: Chromium checks the dates
// of an accepted key's certificate too.
const certValidity = 7 * 24 * time.Hour

func newSiteCert() (*siteCert, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 128))
	if err != nil {
		return nil, err
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: "checks browser --crawl"},
		NotBefore:    now.Add(-time.Hour), // a clock a little behind
		NotAfter:     now.Add(certValidity),
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		DNSNames:     []string{"localhost"},
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, err
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(leaf.RawSubjectPublicKeyInfo)
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return &siteCert{
		cert: tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf},
		spki: base64.StdEncoding.EncodeToString(sum[:]),
		pool: pool,
	}, nil
}

// client is an HTTP client that trusts the site's certificate (and no other).
func (c *siteCert) client(timeout time.Duration) *http.Client {
	return &http.Client{Timeout: timeout, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: c.pool}}}
}
