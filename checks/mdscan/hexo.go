package mdscan

import (
	"regexp"
	"strconv"
	"strings"
)

// Hexo is hexo-renderer-marked's heading ids (7.0.1, hexo-util 3.3.0):
// the heading's rendered text, after its SmartyPants, slugged by
// hexo-util's slugize with the case as modifyAnchors says (0 as written,
// 1 lower, 2 upper); no {#id}. A repeat is numbered by its slug alone and
// never checked against the ids given (Usage, Usage-1, Usage give Usage,
// Usage-1, Usage-1), as kramdown does. smartypants false (marked's
// option) leaves quotes and dashes as written. Its post_link tags are
// read as links (PostRef).
func Hexo(modifyAnchors int, smartypants bool) IDStyle {
	name := "hexo"
	switch modifyAnchors {
	case 1:
		name += "-lower"
	case 2:
		name += "-upper"
	}
	st := IDStyle{Name: name, byBase: true, noReserve: true, hexoTags: true,
		slug: func(text string) string { return hexoSlug(text, modifyAnchors) },
		unique: func(slug string, n int, _ func(string) bool) (string, int) {
			return slug + "-" + strconv.Itoa(n), n
		}}
	if smartypants {
		st.prose = hexoSmartypants
	} else {
		st.Name += "-plain"
	}
	return st
}

// jsSpace is the white space of a JavaScript regular expression's \s.
const jsSpace = `\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`

var (
	hexoControl = regexp.MustCompile(`[\x00-\x1f]`)
	// hexoSpecial are the runs slugize makes one separator of.
	hexoSpecial = regexp.MustCompile("[" + jsSpace + "~`!@#$%^&*()\\-_+=\\[\\]{}|\\\\;:\"'<>,.?/]+")
	hexoEnds    = regexp.MustCompile(`^-+|-+$`)
)

// hexoSlug is slugize: letters with a diacritic spelled as hexo-util
// spells them, control characters dropped, each run of white space and
// ASCII punctuation one hyphen, none at the ends; then the case.
func hexoSlug(text string, transform int) string {
	s := hexoControl.ReplaceAllString(hexoDiacritics.Replace(text), "")
	s = hexoEnds.ReplaceAllString(hexoSpecial.ReplaceAllString(s, "-"), "")
	switch transform {
	case 1:
		return strings.ToLower(s)
	case 2:
		return strings.ToUpper(s)
	}
	return s
}

// hexoQuotes are hexo-renderer-marked's SmartyPants, in its order: dashes,
// then quotes opened after a dash, bracket, slash or space, the rest
// closed, then ellipses.
var hexoQuotes = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`---`), "\u2014"},
	{regexp.MustCompile(`--`), "\u2013"},
	{regexp.MustCompile("(^|[-\u2014/(\\[{\"" + jsSpace + "])'"), "${1}\u2018"},
	{regexp.MustCompile(`'`), "\u2019"},
	{regexp.MustCompile("(^|[-\u2014/(\\[{\u2018" + jsSpace + "])\""), "${1}\u201c"},
	{regexp.MustCompile(`"`), "\u201d"},
	{regexp.MustCompile(`\.{3}`), "\u2026"},
}

func hexoSmartypants(text string) string {
	for _, q := range hexoQuotes {
		text = q.re.ReplaceAllString(text, q.with)
	}
	return text
}

// hexoLetters are the pairs of hexoLetterTable for a strings.Replacer.
func hexoLetters() []string {
	var pairs []string
	for _, line := range strings.Split(strings.TrimSuffix(hexoLetterTable, "\n"), "\n") {
		spelling, letters, _ := strings.Cut(line, " ")
		for _, r := range letters {
			pairs = append(pairs, string(r), spelling)
		}
	}
	return pairs
}

// hexoDiacritics spells letters as hexo-util's escapeDiacritic does. The
// table was made by running that function (hexo-util 3.3.0) on every
// character of the Basic Multilingual Plane and keeping those it changed,
// grouped by what it writes for them.
var hexoDiacritics = strings.NewReplacer(hexoLetters()...)

// hexoLetterTable is, a line each, a spelling and the letters written so.
const hexoLetterTable = "" +
	"OE \u008cŒ\n" +
	"oe \u009cœ\n" +
	"A ÀÁÂÃÄÅĀĂĄǍǞǠǺȀȂȦȺḀẠẢẤẦẨẪẬẮẰẲẴẶⒶⱯＡ\n" +
	"AE ÆǢǼ\n" +
	"C ÇĆĈĊČƇȻḈⒸꜾＣ\n" +
	"E ÈÉÊËĒĔĖĘĚƎƐȄȆȨḔḖḘḚḜẸẺẼẾỀỂỄỆⒺＥ\n" +
	"I ÌÍÎÏĨĪĬĮİƗǏȈȊḬḮỈỊⒾＩ\n" +
	"N ÑŃŅŇƝǸȠṄṆṈṊⓃꞐꞤＮ\n" +
	"O ÒÓÔÕÖØŌŎŐƆƟƠǑǪǬǾȌȎȪȬȮȰṌṎṐṒỌỎỐỒỔỖỘỚỜỞỠỢⓄꝊꝌＯ\n" +
	"U ÙÚÛÜŨŪŬŮŰŲƯǓǕǗǙǛȔȖɄṲṴṶṸṺỤỦỨỪỬỮỰⓊＵ\n" +
	"Y ÝŶŸƳȲɎẎỲỴỶỸỾⓎＹ\n" +
	"s ßśŝşšșȿṡṣṥṧṩẛⓢꞅꞩｓ\n" +
	"a àáâãäåāăąǎǟǡǻȁȃȧɐḁẚạảấầẩẫậắằẳẵặⓐⱥａ\n" +
	"ae æǣǽ\n" +
	"c çćĉċčƈȼḉↄⓒꜿｃ\n" +
	"e èéêëēĕėęěǝȅȇȩɇɛḕḗḙḛḝẹẻẽếềểễệⓔｅ\n" +
	"i ìíîïĩīĭįıǐȉȋɨḭḯỉịⓘｉ\n" +
	"n ñńņňŉƞǹɲṅṇṉṋⓝꞑꞥｎ\n" +
	"o òóôõöøōŏőơǒǫǭǿȍȏȫȭȯȱɔɵṍṏṑṓọỏốồổỗộớờởỡợⓞꝋꝍｏ\n" +
	"u ùúûüũūŭůűųưǔǖǘǚǜȕȗʉṳṵṷṹṻụủứừửữựⓤｕ\n" +
	"y ýÿŷƴȳɏẏẙỳỵỷỹỿⓨｙ\n" +
	"D ĎĐƉƊƋḊḌḎḐḒⒹꝹＤ\n" +
	"d ďđƌɖɗḋḍḏḑḓⓓꝺｄ\n" +
	"G ĜĞĠĢƓǤǦǴḠⒼꝽꝾꞠＧ\n" +
	"g ĝğġģǥǧǵɠᵹḡⓖꝿꞡｇ\n" +
	"H ĤĦȞḢḤḦḨḪⒽⱧⱵꞍＨ\n" +
	"h ĥħȟɥḣḥḧḩḫẖⓗⱨⱶｈ\n" +
	"J ĴɈⒿＪ\n" +
	"j ĵǰɉⓙｊ\n" +
	"K ĶƘǨḰḲḴⓀⱩꝀꝂꝄꞢＫ\n" +
	"k ķƙǩḱḳḵⓚⱪꝁꝃꝅꞣｋ\n" +
	"L ĹĻĽĿŁȽḶḸḺḼⓁⱠⱢꝆꝈꞀＬ\n" +
	"l ĺļľŀłſƚɫḷḹḻḽⓛⱡꝇꝉꞁｌ\n" +
	"R ŔŖŘȐȒɌṘṚṜṞⓇⱤꝚꞂꞦＲ\n" +
	"r ŕŗřȑȓɍɽṙṛṝṟⓡꝛꞃꞧｒ\n" +
	"S ŚŜŞŠȘṠṢṤṦṨẞⓈⱾꞄꞨＳ\n" +
	"T ŢŤŦƬƮȚȾṪṬṮṰⓉꞆＴ\n" +
	"t ţťŧƭțʈṫṭṯṱẗⓣⱦꞇｔ\n" +
	"W ŴẀẂẄẆẈⓌⱲＷ\n" +
	"w ŵẁẃẅẇẉẘⓦⱳｗ\n" +
	"Z ŹŻŽƵȤẐẒẔⓏⱫⱿꝢＺ\n" +
	"z źżžƶȥɀẑẓẕⓩⱬꝣｚ\n" +
	"b ƀƃɓḃḅḇⓑｂ\n" +
	"B ƁƂɃḂḄḆⒷＢ\n" +
	"F ƑḞⒻꝻＦ\n" +
	"f ƒḟⓕꝼｆ\n" +
	"hv ƕ\n" +
	"M ƜḾṀṂⓂⱮＭ\n" +
	"OI Ƣ\n" +
	"oi ƣ\n" +
	"P ƤṔṖⓅⱣꝐꝒꝔＰ\n" +
	"p ƥᵽṕṗⓟꝑꝓꝕｐ\n" +
	"V ƲɅṼṾⓋꝞＶ\n" +
	"DZ ǄǱ\n" +
	"Dz ǅǲ\n" +
	"dz ǆǳ\n" +
	"LJ Ǉ\n" +
	"Lj ǈ\n" +
	"lj ǉ\n" +
	"NJ Ǌ\n" +
	"Nj ǋ\n" +
	"nj ǌ\n" +
	"OU Ȣ\n" +
	"ou ȣ\n" +
	"Q ɊⓆꝖꝘＱ\n" +
	"q ɋⓠꝗꝙｑ\n" +
	"m ɯɱḿṁṃⓜｍ\n" +
	"v ʋʌṽṿⓥꝟｖ\n" +
	"X ẊẌⓍＸ\n" +
	"x ẋẍⓧｘ\n" +
	"TZ Ꜩ\n" +
	"tz ꜩ\n" +
	"AA Ꜳ\n" +
	"aa ꜳ\n" +
	"AO Ꜵ\n" +
	"ao ꜵ\n" +
	"AU Ꜷ\n" +
	"au ꜷ\n" +
	"AV ꜸꜺ\n" +
	"av ꜹꜻ\n" +
	"AY Ꜽ\n" +
	"ay ꜽ\n" +
	"OO Ꝏ\n" +
	"oo ꝏ\n" +
	"VY Ꝡ\n" +
	"vy ꝡ\n"
