package deploys

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/devdocs-dev/devdocs/checks/diag"
)

// The last deploy may be given as the URLs it served rather than as its
// build: its sitemap.xml (a file, gzipped or not, or its URL on the
// deployed site), or a list of URLs, one a line. Such a source has no
// pages to read, so only removed-url is judged, each at the line that
// lists the URL; removed-anchor needs the previous build's folder.

// listed is a URL of the last deploy, as its path under the site's host,
// and the line of the source that lists it.
type listed struct {
	path string
	line int
}

// maxList bounds a sitemap or list read: the sitemaps protocol allows
// 50 MB uncompressed, and a source beyond that is no sitemap.
const maxList = 64 << 20

// readList reads the URLs of a sitemap or a list of URLs (name for the
// errors). Every absolute URL must be of one host; a path alone ("/guide/")
// is of the site.
func readList(name string, data []byte) ([]listed, error) {
	data, err := gunzip(name, data)
	if err != nil {
		return nil, err
	}
	var urls []listed
	if looksXML(data) {
		urls, err = readSitemap(name, data)
	} else {
		urls, err = readLines(name, data)
	}
	if err != nil {
		return nil, err
	}
	if len(urls) == 0 {
		return nil, fmt.Errorf("previous deploy %s lists no URL", diag.Printable(name))
	}
	return urls, nil
}

// gunzip is data unpacked when it is gzipped (sitemap.xml.gz).
func gunzip(name string, data []byte) ([]byte, error) {
	if !bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		return data, nil
	}
	z, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("previous deploy %s: gzipped, but %v", diag.Printable(name), err)
	}
	return readBounded(z, name, "gzipped, but ", "unpacks to")
}

// readBounded reads r to its end, refusing more than maxList bytes: a
// source that large is no sitemap (said: its name, then "is" or "unpacks
// to" more than the bound). A read error is said after prefix.
func readBounded(r io.Reader, name, prefix, is string) ([]byte, error) {
	out, err := io.ReadAll(io.LimitReader(r, maxList+1))
	switch {
	case err != nil:
		return nil, fmt.Errorf("previous deploy %s: %s%v", diag.Printable(name), prefix, err)
	case len(out) > maxList:
		return nil, fmt.Errorf("previous deploy %s %s more than %d MiB, which no sitemap is", diag.Printable(name), is, maxList>>20)
	}
	return out, nil
}

// looksXML: the first thing in data, past a byte-order mark and blanks,
// is markup.
func looksXML(data []byte) bool {
	data = bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\ufeff")), " \t\r\n")
	return bytes.HasPrefix(data, []byte("<"))
}

// readSitemap reads the <loc> of each <url> of a <urlset>. A sitemap index
// is refused with the sitemaps it names: which of them is the docs' is the
// user's to say.
func readSitemap(name string, data []byte) ([]listed, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	var urls []listed
	var indexed []string
	var in []string // the open elements' names
	var root string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			line, _ := d.InputPos()
			return nil, fmt.Errorf("%s:%d: not a sitemap: %v", diag.Printable(name), line, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = t.Name.Local
			}
			in = append(in, t.Name.Local)
		case xml.EndElement:
			in = in[:max(len(in)-1, 0)]
		case xml.CharData:
			if len(in) < 2 || in[len(in)-1] != "loc" {
				continue
			}
			line, _ := d.InputPos()
			loc := strings.TrimSpace(string(t))
			switch in[len(in)-2] {
			case "url":
				urls = append(urls, listed{loc, line})
			case "sitemap":
				indexed = append(indexed, loc)
			}
		}
	}
	switch {
	case root == "sitemapindex":
		return nil, fmt.Errorf("previous deploy %s is an index of sitemaps, not a sitemap: give the one of the docs (it names %s)",
			diag.Printable(name), diag.Printable(strings.Join(firstFew(indexed), ", ")))
	case root != "urlset":
		return nil, fmt.Errorf("previous deploy %s is XML, but not a sitemap: its root is <%s>, not <urlset>", diag.Printable(name), diag.Printable(root))
	}
	return onOneHost(name, urls)
}

// readLines reads a list of URLs, one a line; blank lines and lines
// starting with # are none.
func readLines(name string, data []byte) ([]listed, error) {
	var urls []listed
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), maxList)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.ContainsAny(line, " \t") {
			return nil, fmt.Errorf("%s:%d: not a URL: %s (a list of URLs has one a line)", diag.Printable(name), n, diag.Printable(line))
		}
		urls = append(urls, listed{line, n})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("previous deploy %s: %v", diag.Printable(name), err)
	}
	return onOneHost(name, urls)
}

// onOneHost turns each URL into its escaped path, refusing one that is no
// URL of a web page and a list of two hosts' URLs: a sitemap holds one
// site's, and two sites' would make every page of one removed.
func onOneHost(name string, urls []listed) ([]listed, error) {
	host := ""
	for i, l := range urls {
		u, err := url.Parse(l.path)
		if err != nil || u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https" || u.Scheme == "" && !strings.HasPrefix(l.path, "/") {
			return nil, fmt.Errorf("%s:%d: not a URL of a page: %s", diag.Printable(name), l.line, diag.Printable(l.path))
		}
		if u.Host != "" {
			if host != "" && u.Host != host {
				return nil, fmt.Errorf("%s:%d: a URL of %s, where the lines before are of %s: give the URLs of one site", diag.Printable(name), l.line, diag.Printable(u.Host), diag.Printable(host))
			}
			host = u.Host
		}
		urls[i].path = u.EscapedPath()
		if urls[i].path == "" {
			urls[i].path = "/"
		}
	}
	return urls, nil
}

// firstFew are the first three of list, and how many more.
func firstFew(list []string) []string {
	if len(list) <= 3 {
		return list
	}
	return append(list[:3:3], fmt.Sprintf("and %d more", len(list)-3))
}

// fetchList gets a sitemap from the deployed site (an http or https URL).
func fetchList(source string) ([]byte, error) {
	client := &http.Client{Timeout: 60 * time.Second}
	resp, err := client.Get(source)
	if err != nil {
		return nil, fmt.Errorf("previous deploy: %v", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("previous deploy %s answered %s", diag.Printable(source), resp.Status)
	}
	return readBounded(resp.Body, source, "", "is")
}

// previousList reads the source of the last deploy when it is a list of
// its URLs (a sitemap's URL, or a file), and says whether it is a deploy
// record (record.go), which Compare reads. ok is false for a folder (a
// build) and for a path that is nothing, which loadPrevious refuses.
func previousList(source string) (urls []listed, record, ok bool, err error) {
	var data []byte
	if strings.HasPrefix(source, "http://") || strings.HasPrefix(source, "https://") {
		if data, err = fetchList(source); err != nil {
			return nil, false, true, err
		}
		urls, err = readList(source, data)
		return urls, false, true, err
	}
	st, err := os.Stat(source)
	if err != nil || st.IsDir() {
		return nil, false, false, nil
	}
	if !st.Mode().IsRegular() {
		return nil, false, true, fmt.Errorf("previous deploy %s: not a folder, nor a file", diag.Printable(source))
	}
	if head, err := fileHead(source); err != nil || isRecord(head) {
		return nil, err == nil, true, err
	}
	if st.Size() > maxList {
		return nil, false, true, fmt.Errorf("previous deploy %s: not a folder, nor a deploy record, sitemap or list of URLs of at most %d MiB", diag.Printable(source), maxList>>20)
	}
	if data, err = os.ReadFile(source); err != nil {
		return nil, false, true, fmt.Errorf("previous deploy: %v", err)
	}
	urls, err = readList(source, data)
	return urls, false, true, err
}

// fileHead is the first bytes of a file, enough to tell what it is.
func fileHead(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("previous deploy: %v", err)
	}
	defer f.Close()
	head := make([]byte, 512)
	n, err := io.ReadFull(f, head)
	if err != nil && n == 0 && err != io.EOF {
		return nil, fmt.Errorf("previous deploy: %v", err)
	}
	return head[:n], nil
}
