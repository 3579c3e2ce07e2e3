#!/usr/bin/env bash
# The gate on six HTML manuals that Debian 12 ships, checked where Debian
# installs them and as a reader opens them there, from file:// in a browser:
#   cmake-doc            /usr/share/doc/cmake-doc/html  (a symlink to cmake-data/html)
#   git-doc              /usr/share/doc/git-doc
#   postgresql-doc-15    /usr/share/doc/postgresql-doc-15/html
#   sqlite3-doc          /usr/share/doc/sqlite3
#   golang-1.19-doc      /usr/share/doc/golang-1.19-doc/html  (golang-doc only depends on it)
#   python3.11-doc       /usr/share/doc/python3.11/html  (python3-doc's html is a symlink to it)
#   jq                   to read the JSON
# apt-get install -y --no-install-recommends cmake-doc git-doc postgresql-doc-15 sqlite3-doc golang-1.19-doc python3.11-doc jq
#
# How Debian packs them, and so how they are checked:
# - Symlinks are followed, as the browser follows them: the Sphinx manuals'
#   _static/*.js point into /usr/share/javascript (libjs-sphinxdoc,
#   libjs-jquery, libjs-underscore), git-doc's index.html is git.html.
# - Compressed files are left as shipped: a browser does not gunzip
#   changelog.html.gz when asked for changelog.html, so links to a page or
#   file dh_compress compressed are broken for the reader (Python's
#   whatsnew/changelog.html, CMake's schema.json).
# - On file:// a link starting with / names the file system's root, not the
#   manual's: each is checked with --base-url the folder it is installed in
#   (so /license.html leaves it), and --clean-urls=false (file:// adds no
#   .html).
# Every report below was triaged as a true broken link or anchor of the
# package or of the upstream manual (headless Chromium opening each class
# from file:// agreed); anything else the gate says is a false report and
# fails this script. It takes about 3 s on 2 cores (the gate 1.2 s of it:
# python3.11-doc, 530 pages and 175k links, is the largest at 0.5 s), up to
# 8 s on a machine already loaded.
#   proofs/manuals.sh        (CHECKS=path/to/checks; default bin/checks)
set -euo pipefail
checks=${CHECKS:-$PWD/bin/checks}
. "$(dirname "$0")/expect.sh"

for p in cmake-doc git-doc postgresql-doc-15 sqlite3-doc golang-1.19-doc python3.11-doc; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || { echo "FAIL $p is not installed"; exit 1; }
done
command -v jq >/dev/null || { echo "FAIL jq is not installed"; exit 1; }
scratch=$(mktemp -d) && trap 'rm -rf "$scratch"' EXIT
cd "$scratch" # no checks.json around: the manuals are judged by the flags alone

# manual NAME DIR -- REPORT…: DIR checked as read from file://.
manual() {
  local name=$1 dir=$2
  shift 3
  expect_reports "$name" "$dir" --base-url "$(realpath "$dir")/" --clean-urls=false -- "$@"
}

# CMake 3.25: genindex.html links index-0-… and index-1-… targets that the
# pages number otherwise (find_file.html has index-2-envvar:<PackageName>_ROOT,
# not index-0-); export.html's #export-export names no target; schema.json
# was compressed by dh_compress into schema.json.gz.
manual "cmake-doc" /usr/share/doc/cmake-doc/html -- \
  '236 broken-anchor ~[a-z_]+/[^#]+\.html#index-[0-9]+-.+' \
  '1 broken-anchor #export-export' \
  '1 broken-link ../../_downloads/3e2d73bff478d88a7de0de736ba5e361/schema.json' \
  '1 broken-link ../_downloads/3e2d73bff478d88a7de0de736ba5e361/schema.json'

# Git 2.39: Debian leaves git-p4's page out (git.html links it from two
# places); a how-to writes a placeholder URL as a link, whose host <servername>
# no browser parses; reftable.html links two sections by ids it does not have.
manual "git-doc" /usr/share/doc/git-doc -- \
  '2 broken-link git-p4.html' \
  '1 broken-link http://<username>@<servername>/my-new-repo.git' \
  '1 broken-link http://<servername>/my-new-repo.git' \
  '1 broken-anchor #Update-transactions' \
  '1 broken-anchor #Ref-index'

# PostgreSQL 15: nothing (its <link rev="made" href="pgsql-docs@…"> is no link).
manual "postgresql-doc-15" /usr/share/doc/postgresql-doc-15/html --

# SQLite 3.40: requirements.html links 6,954 times into matrix/, which the
# documentation archive does not hold; doc_pagelink_crossref.html lists pages
# of the web site the archive leaves out; two links lack https:// (a path
# www.sqlite.org/src/…); lang_expr.html's href="\"json1.html#jptr\"" is the
# href "\", the file system's root; section_3_2 lacks its '#'; the rest name
# anchors of opcodes, functions and sections since renamed or removed.
# cvstrac.css draws its corners with url(/images/se.png) and three more:
# root-absolute, so on file:// they name the file system's /images/.
manual "sqlite3-doc" /usr/share/doc/sqlite3 -- \
  '6954 broken-link ~matrix/.*' \
  '1 broken-link /images/se.png' \
  '1 broken-link /images/sw.png' \
  '1 broken-link /images/ne.png' \
  '1 broken-link /images/nw.png' \
  '1 broken-anchor #content_and_contentless_tables' \
  '1 broken-anchor #data_doclist_index' \
  '1 broken-anchor #preupdate' \
  '1 broken-anchor ../lang_expr.html#hexFunc' \
  '1 broken-anchor ../lang_expr.html#randomblobFunc' \
  '1 broken-anchor ../lang_expr.html#zeroblob' \
  '1 broken-anchor ../news.html#2022-05-06' \
  '1 broken-anchor fileformat.html#varint_format' \
  '1 broken-anchor lang.html#conflict' \
  '1 broken-anchor lang_expr.html#hexFunc' \
  '1 broken-anchor lang_expr.html#randomblobFunc' \
  '1 broken-anchor lang_expr.html#zeroblob' \
  '1 broken-anchor news.html#2022-05-06' \
  '1 broken-anchor opcode.html#AggReset' \
  '1 broken-anchor opcode.html#Callback' \
  '1 broken-anchor opcode.html#ColumnName' \
  '1 broken-anchor opcode.html#Commit' \
  '1 broken-anchor opcode.html#IdxPut' \
  '1 broken-anchor opcode.html#IdxRecno' \
  '1 broken-anchor opcode.html#ListRead' \
  '1 broken-anchor opcode.html#ListReset' \
  '1 broken-anchor opcode.html#ListRewind' \
  '1 broken-anchor opcode.html#ListWrite' \
  '1 broken-anchor opcode.html#MakeIdxKey' \
  '1 broken-anchor opcode.html#MemLoad' \
  '1 broken-anchor opcode.html#MemStore' \
  '1 broken-anchor opcode.html#MoveTo' \
  '1 broken-anchor opcode.html#NewRecno' \
  '1 broken-anchor opcode.html#OpenTemp' \
  '1 broken-anchor opcode.html#PutIntKey' \
  '1 broken-anchor opcode.html#Recno' \
  '1 broken-anchor opcode.html#VerifyCookie' \
  '2 broken-anchor pragma.html#pragma_show_datatypes' \
  '1 broken-anchor session/intro.html#limitations' \
  '1 broken-anchor sitemap.html#pindex' \
  '1 broken-link ../www.sqlite.org/src/tktview/d02e1406a58ea02d' \
  '1 broken-link \' \
  '3 broken-link c3ref/value_encoding.html' \
  '1 broken-link checklists/index.html' \
  '1 broken-link constlist.html' \
  '1 broken-link funclist.html' \
  '1 broken-link intro.html' \
  '1 broken-link objlist.html' \
  '1 broken-link php2004/page-001.html' \
  '1 broken-link releasenotes310.html' \
  '1 broken-link section_3_2' \
  '1 broken-link tclconf2004/page-001.html' \
  '1 broken-link www.sqlite.org/src/tktview/d02e1406a58ea02d'

# Go 1.19: the spec, memory model and assembler guide link go.dev's pages
# from its root (/pkg/sync/, /ref/spec, /), which on file:// is the file
# system's; go_spec.html and go1.17_spec.html link #MethodName and
# #ConstSpec, productions neither defines.
manual "golang-1.19-doc" /usr/share/doc/golang-1.19-doc/html -- \
  '4 broken-anchor #MethodName' \
  '2 broken-anchor #ConstSpec' \
  '2 broken-link /pkg/unsafe#Pointer' \
  '2 broken-link /pkg/sync/atomic/' \
  '2 broken-link /pkg/runtime/' \
  '2 broken-link /pkg/reflect/#StructTag' \
  '2 broken-link /' \
  '1 broken-link /ref/spec#Order_of_evaluation' \
  '1 broken-link /ref/spec' \
  '1 broken-link /pkg/sync/#WaitGroup' \
  '1 broken-link /pkg/sync/#Pool' \
  '1 broken-link /pkg/sync/#Map' \
  '1 broken-link /pkg/sync/#Cond' \
  '1 broken-link /pkg/sync/' \
  '1 broken-link /pkg/math/big/' \
  '1 broken-link /pkg/cmd/internal/obj/ppc64' \
  '1 broken-link /pkg/cmd/internal/obj/arm64' \
  '1 broken-link /doc/go1.17_spec.html'

# Python 3.11: whatsnew/changelog.html ships compressed (changelog.html.gz),
# and 1,451 links of the indexes and "What's New" pages go to it; every
# page's footer links /license.html and /bugs.html from the root (right on
# docs.python.org, the file system's root here); the G index links two
# glossary targets the glossary numbers otherwise.
manual "python3.11-doc" /usr/share/doc/python3.11/html -- \
  '1451 broken-link ~(\.\./)?(whatsnew/)?changelog\.html(#.*)?' \
  '530 broken-link /license.html' \
  '530 broken-link /bugs.html' \
  '2 broken-anchor glossary.html#index-19' \
  '2 broken-anchor glossary.html#index-20'
exit $fail
