package browser

import (
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/devdocs-dev/devdocs/checks/serve"
)

// Chromium accepts the certificate its crawl serves the site with, and
// no other: not one made the same way for another browser, so a deployed
// site's certificate is judged as ever. The crawl's own reader of the
// site (source maps) trusts it too.
func TestOnlyTheCrawlsCertificateIsAccepted(t *testing.T) {
	needBrowser(t)
	site := writeSite(t, map[string]string{"index.html": "<!doctype html><title>ok</title>"})
	another, err := newSiteCert()
	require.NoError(t, err)
	for cert, want := range map[*siteCert]string{shared.cert: "", another: "net::ERR_CERT_AUTHORITY_INVALID"} {
		base, stop, err := start(serve.Default.Handler(site), "", cert)
		require.NoError(t, err)
		ctx, cancel := shared.Tab(10*time.Second, true)
		res, err := chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: base + "/"})
		cancel()
		require.NoError(t, err)
		assert.Equal(t, want, res.ErrorText, base)
		if want == "" {
			resp, err := cert.client(5 * time.Second).Get(base + "/")
			require.NoError(t, err)
			resp.Body.Close()
			assert.Equal(t, http.StatusOK, resp.StatusCode)
		}
		stop()
	}
}
