// The user-agent style sheet: what HTML elements look like before the template's CSS (after the HTML
// standard's rendering section, in points: 16px = 12pt).
export const UA_CSS = `
html, body, div, p, h1, h2, h3, h4, h5, h6, ul, ol, li, dl, dt, dd, header, footer, section, article, aside, nav, main,
address, blockquote, figure, figcaption, form, fieldset, pre, hr, details, summary { display: block }
head, script, style, template, title, meta, link { display: none }
body { margin: 8px }
p, dl { margin: 1em 0 }
blockquote, figure { margin: 1em 40px }
h1 { font-size: 2em; margin: 0.67em 0; font-weight: bold }
h2 { font-size: 1.5em; margin: 0.83em 0; font-weight: bold }
h3 { font-size: 1.17em; margin: 1em 0; font-weight: bold }
h4 { margin: 1.33em 0; font-weight: bold }
h5 { font-size: 0.83em; margin: 1.67em 0; font-weight: bold }
h6 { font-size: 0.67em; margin: 2.33em 0; font-weight: bold }
ul, ol { margin: 1em 0; padding-left: 40px }
ul { list-style-type: disc }
ol { list-style-type: decimal }
ul ul, ol ul { list-style-type: circle; margin: 0 }
ul ul ul, ol ul ul, ul ol ul { list-style-type: square }
ol ol, ul ol { margin: 0 }
li { display: list-item }
dd { margin-left: 40px }
b, strong, th { font-weight: bold }
i, em, cite, var, dfn { font-style: italic }
u, ins { text-decoration: underline }
s, strike, del { text-decoration: line-through }
a[href] { color: #0000ee; text-decoration: underline }
small { font-size: smaller }
big { font-size: larger }
sub, sup { font-size: smaller }
sub { vertical-align: sub }
sup { vertical-align: super }
code, kbd, samp, tt, pre { font-family: monospace }
pre { white-space: pre; margin: 1em 0 }
hr { border: 1px inset #808080; margin: 0.5em 0 }
table { display: table; border-spacing: 2px; border-collapse: separate }
thead { display: table-header-group; vertical-align: middle }
tbody { display: table-row-group; vertical-align: middle }
tfoot { display: table-footer-group; vertical-align: middle }
tr { display: table-row; vertical-align: inherit }
td, th { display: table-cell; padding: 1px; vertical-align: inherit }
th { text-align: center }
col { display: table-column }
colgroup { display: table-column-group }
caption { display: table-caption; text-align: center }
img, svg { display: inline-block }
center { display: block; text-align: center }
[dir=rtl i] { direction: rtl }
[dir=ltr i] { direction: ltr }
`;
