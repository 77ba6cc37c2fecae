#!/usr/bin/env python3
"""Measures which query parameters OpenSearch accepts on each route Duet serves, and writes
server/src/main/resources/dev/duet/server/rest/opensearch-params.txt (read by AcceptedParams).

    python3 build/opensearch-params.py [--port 9201] [--jar .../lib/opensearch-3.8.0.jar]
        [--only REGEX]   (probe only the routes "METHOD /pattern" matching REGEX; keep the rest)

Candidates: the names already in the file, the query parameters of api/openapi/duet.yaml, and with
--jar the identifier-like string constants of OpenSearch's REST handlers (javap). Each candidate is
sent alone (value x, and for HEAD a few typed values), with and without the route's body and beside
q=x; a name is accepted unless OpenSearch answers "unrecognized parameter". A misspelling (name+q)
tells whether OpenSearch reads the name on every call (it offers it as "did you mean") or only when
given (written with a trailing ?). Needs a running OpenSearch; creates and deletes strict-probe*
indices. Add a route to ROUTES (with a body if it needs one) when Duet routes a new one.
"""
import glob, http.client, json, os, re, subprocess, sys

ROUTES = [
 ("GET","/",None),("HEAD","/",None),
 ("GET","/_cluster/health",None),("GET","/_cluster/health/{index}",None),
 ("GET","/_cluster/settings",None),("PUT","/_cluster/settings",'{"persistent":{}}'),
 ("GET","/_cat/indices",None),("GET","/_cat/segments",None),("GET","/_cat/segments/{index}",None),
 ("GET","/_segments",None),("GET","/{index}/_segments",None),("GET","/_cat/indices/{index}",None),
 ("GET","/_mapping",None),("GET","/{index}/_mapping",None),("PUT","/{index}/_mapping",'{"properties":{"b":{"type":"keyword"}}}'),("POST","/{index}/_mapping",'{"properties":{"b":{"type":"keyword"}}}'),
 ("GET","/_refresh",None),("POST","/_refresh",None),("GET","/{index}/_refresh",None),("POST","/{index}/_refresh",None),
 ("GET","/_flush",None),("POST","/_flush",None),("GET","/{index}/_flush",None),("POST","/{index}/_flush",None),
 ("POST","/_bulk",'{"index":{"_index":"strict-probe","_id":"1"}}\n{"a":1}\n'),("PUT","/_bulk",'{"index":{"_index":"strict-probe","_id":"1"}}\n{"a":1}\n'),
 ("POST","/{index}/_bulk",'{"index":{"_id":"1"}}\n{"a":1}\n'),("PUT","/{index}/_bulk",'{"index":{"_id":"1"}}\n{"a":1}\n'),
 ("GET","/_search",None),("POST","/_search",'{}'),("GET","/{index}/_search",None),("POST","/{index}/_search",'{}'),
 ("GET","/_count",None),("POST","/_count",'{}'),("GET","/{index}/_count",None),("POST","/{index}/_count",'{}'),
 ("DELETE","/_search/point_in_time",'{"pit_id":["x"]}'),("GET","/_search/point_in_time/_all",None),("DELETE","/_search/point_in_time/_all",None),
 ("POST","/{index}/_search/point_in_time",None),
 ("GET","/_search/scroll",'{"scroll_id":"x"}'),("POST","/_search/scroll",'{"scroll_id":"x"}'),("DELETE","/_search/scroll",'{"scroll_id":"x"}'),
 ("GET","/_search/scroll/{scroll_id}",None),("POST","/_search/scroll/{scroll_id}",None),("DELETE","/_search/scroll/{scroll_id}",None),
 ("GET","/_analyze",'{"text":"a"}'),("POST","/_analyze",'{"text":"a"}'),("GET","/{index}/_analyze",'{"text":"a"}'),("POST","/{index}/_analyze",'{"text":"a"}'),
 ("GET","/_validate/query",None),("POST","/_validate/query",'{}'),("GET","/{index}/_validate/query",None),("POST","/{index}/_validate/query",'{}'),
 ("GET","/_msearch",'{}\n{}\n'),("POST","/_msearch",'{}\n{}\n'),("GET","/{index}/_msearch",'{}\n{}\n'),("POST","/{index}/_msearch",'{}\n{}\n'),
 ("PUT","/{newindex}",'{}'),("DELETE","/{missing}",None),("HEAD","/{index}",None),("GET","/{index}",None),
 ("GET","/{index}/_explain/{id}",'{"query":{"match_all":{}}}'),("POST","/{index}/_explain/{id}",'{"query":{"match_all":{}}}'),
 ("POST","/{index}/_doc",'{"a":1}'),("PUT","/{index}/_doc/{id}",'{"a":1}'),("POST","/{index}/_doc/{id}",'{"a":1}'),
 ("GET","/{index}/_doc/{id}",None),("HEAD","/{index}/_doc/{id}",None),("DELETE","/{index}/_doc/{missing}",None),
 ("PUT","/{index}/_create/{id}",'{"a":1}'),("POST","/{index}/_create/{id}",'{"a":1}'),("POST","/{index}/_update/{id}",'{"doc":{"a":2}}'),
 ("GET","/_mget",'{"docs":[{"_index":"strict-probe","_id":"1"}]}'),("POST","/_mget",'{"docs":[{"_index":"strict-probe","_id":"1"}]}'),
 ("GET","/{index}/_mget",'{"ids":["1"]}'),("POST","/{index}/_mget",'{"ids":["1"]}'),
 ("GET","/{index}/_termvectors",'{"doc":{"a":"x"}}'),("POST","/{index}/_termvectors",'{"doc":{"a":"x"}}'),
 ("GET","/{index}/_termvectors/{id}",None),("POST","/{index}/_termvectors/{id}",None),
 ("GET","/_mtermvectors",'{"docs":[{"_index":"strict-probe","_id":"1"}]}'),("POST","/_mtermvectors",'{"docs":[{"_index":"strict-probe","_id":"1"}]}'),
 ("GET","/{index}/_mtermvectors",'{"ids":["1"]}'),("POST","/{index}/_mtermvectors",'{"ids":["1"]}'),
 ("POST","/{index}/_delete_by_query",'{"query":{"match_none":{}}}'),("POST","/{index}/_update_by_query",'{"query":{"match_none":{}}}'),
 ("POST","/_reindex",'{"source":{"index":"strict-probe","query":{"match_none":{}}},"dest":{"index":"strict-probe-dest"}}'),
 ("GET","/_settings",None),("PUT","/_settings",'{"index":{"refresh_interval":"1s"}}'),("GET","/_settings/{name}",None),
 ("GET","/{index}/_settings",None),("PUT","/{index}/_settings",'{"index":{"refresh_interval":"1s"}}'),("GET","/{index}/_settings/{name}",None),
 ("POST","/_aliases",'{"actions":[{"add":{"index":"strict-probe","alias":"strict-probe-alias"}}]}'),
 ("GET","/_alias",None),("GET","/_alias/{name}",None),("HEAD","/_alias/{name}",None),("GET","/{index}/_alias",None),("GET","/{index}/_alias/{name}",None),("HEAD","/{index}/_alias/{name}",None),
 ("PUT","/{index}/_alias/{name}",None),("POST","/{index}/_alias/{name}",None),("DELETE","/{index}/_alias/{missingalias}",None),
 ("PUT","/{index}/_aliases/{name}",None),("POST","/{index}/_aliases/{name}",None),("DELETE","/{index}/_aliases/{missingalias}",None),
 ("GET","/{index}/_source/{id}",None),("HEAD","/{index}/_source/{id}",None),
 ("POST","/_forcemerge",None),("POST","/{index}/_forcemerge",None),
 ("GET","/_stats",None),("GET","/_stats/{metric}",None),("GET","/{index}/_stats",None),("GET","/{index}/_stats/{metric}",None),
 ("GET","/_cat/count",None),("GET","/_cat/count/{index}",None),("GET","/_cat/health",None),
 ("GET","/_cat/aliases",None),("GET","/_cat/aliases/{name}",None),
 ("POST","/_cache/clear",None),("POST","/{index}/_cache/clear",None),
 ("POST","/{index}/_close",None),("POST","/{index}/_open",None),("PUT","/{index}/_block/{block}",None),
 ("GET","/_template",None),("GET","/_template/{template}",None),("HEAD","/_template/{template}",None),
 ("PUT","/_template/{template}",'{"index_patterns":["strict-probe-t*"]}'),("POST","/_template/{template}",'{"index_patterns":["strict-probe-t*"]}'),("DELETE","/_template/{missingtemplate}",None),
 ("GET","/_index_template",None),("GET","/_index_template/{template}",None),("HEAD","/_index_template/{template}",None),
 ("PUT","/_index_template/{template}",'{"index_patterns":["strict-probe-t*"]}'),("POST","/_index_template/{template}",'{"index_patterns":["strict-probe-t*"]}'),("DELETE","/_index_template/{missingtemplate}",None),
 ("POST","/_index_template/_simulate_index/{simindex}",None),("POST","/_index_template/_simulate",'{"index_patterns":["strict-probe-x*"]}'),("POST","/_index_template/_simulate/{template}",None),
 ("GET","/_component_template",None),("GET","/_component_template/{template}",None),("HEAD","/_component_template/{template}",None),
 ("PUT","/_component_template/{template}",'{"template":{}}'),("POST","/_component_template/{template}",'{"template":{}}'),("DELETE","/_component_template/{missingtemplate}",None),
 ("GET","/_cat/templates",None),("GET","/_cat/templates/{template}",None),
 # Snapshot routes (their params were read from the rest-api-spec and checked by hand: probing
 # PUT /_snapshot/{repository}/{snapshot} here would take a snapshot per candidate name).
]
VARS={"index":"strict-probe","newindex":"strict-probe-new","missing":"strict-probe-missing","id":"1","name":"strict-probe-alias","missingalias":"strict-probe-nope","scroll_id":"xyz","metric":"docs","block":"write","template":"strict-probe-template","missingtemplate":"strict-probe-nope","simindex":"strict-probe-sim"}
# Duet's own names, documented in api/openapi/duet.yaml, that OpenSearch refuses (written after |).
DUET_ONLY = {
    k: ["analyzer", "field", "normalizer", "text", "tokenizer"]
    for k in ["GET /_analyze", "POST /_analyze", "GET /{index}/_analyze", "POST /{index}/_analyze"]
}
# Read only beside suggest_field (which needs suggest_text, so cannot be probed alone).
SEARCH_SUGGEST = ["suggest_text", "suggest_mode", "suggest_size"]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "server/src/main/resources/dev/duet/server/rest/opensearch-params.txt")


def candidates(jar):
    names = set()
    if os.path.exists(OUT):
        for line in open(OUT):
            if "=" in line and not line.startswith("#"):
                names.update(w.rstrip("?") for w in line.split("=", 1)[1].replace("|", " ").split())
    import yaml  # PyYAML
    spec = yaml.safe_load(open(os.path.join(ROOT, "api/openapi/duet.yaml")))
    shared = spec["components"]["parameters"]
    for ops in spec["paths"].values():
        for op in ops.values():
            for p in op.get("parameters", []) if isinstance(op, dict) else []:
                p = shared[p["$ref"].split("/")[-1]] if "$ref" in p else p
                if p["in"] == "query":
                    names.add(p["name"])
    if jar:
        tmp = "/tmp/opensearch-params-classes"
        subprocess.run(["unzip", "-o", "-q", jar, "org/opensearch/rest/*",
                        "org/opensearch/action/support/IndicesOptions*",
                        "org/opensearch/search/fetch/subphase/FetchSourceContext*", "-d", tmp],
                       check=True)
        classes = glob.glob(tmp + "/**/*.class", recursive=True)
        javap = subprocess.run(["javap", "-c", "-p", "-constants"] + classes,
                               capture_output=True, text=True).stdout
        names.update(re.findall(r"// String ([a-z_][a-z0-9_]*)$", javap, re.M))
    return sorted(names)


class Oracle:
    def __init__(self, port):
        self.c = http.client.HTTPConnection("localhost", port)

    def send(self, method, path, body):
        ndjson = body is not None and body.endswith("\n")
        self.c.request(method, path, body=body,
                       headers={"content-type": "application/x-ndjson" if ndjson else "application/json"})
        r = self.c.getresponse()
        return r.status, r.read().decode()


def refused(method, status, body):
    return status == 400 if method == "HEAD" else "unrecognized parameter" in body


def main():
    args = sys.argv[1:]
    port = int(args[args.index("--port") + 1]) if "--port" in args else 9201
    jar = args[args.index("--jar") + 1] if "--jar" in args else None
    only = re.compile(args[args.index("--only") + 1]) if "--only" in args else None
    names = candidates(jar)
    o = Oracle(port)
    o.send("PUT", "/strict-probe", "{}")
    o.send("PUT", "/strict-probe/_doc/1", '{"a":1}')
    o.send("PUT", "/strict-probe/_alias/strict-probe-alias", None)
    accepted, always = {}, {}
    for method, pattern, body in ROUTES:
        key = method + " " + pattern
        if only and not only.search(key):
            continue
        path = re.sub(r"\{(\w+)\}", lambda m: VARS[m.group(1)], pattern)
        ok = set()
        values = ["true", "1s", "1", "open", "x"] if method == "HEAD" else ["x"]
        for bodyless in ([False, True] if body and method != "HEAD" else [False]):
            sent = None if bodyless else body
            for base in ["", "q=x&"]:
                if base and refused(method, *o.send(method, path + "?q=x", sent)):
                    continue  # no q on this route
                if not refused(method, *o.send(method, path + "?" + base + "zzqbogus=x", sent)):
                    continue  # the route fails before OpenSearch checks parameters
                for name in names:
                    for v in values:
                        status, text = o.send(method, path + "?" + base + name + "=" + v, sent)
                        if pattern == "/{newindex}" and status == 200:
                            o.send("DELETE", "/strict-probe-new", None)
                        if not refused(method, status, text):
                            ok.add(name)
                            break
        accepted[key] = ok
        read = set()
        get_body = body
        probe_method = method
        if method == "HEAD":  # HEAD answers have no body to read suggestions from
            probe_method = "GET"
            get_body = next((b for m, p, b in ROUTES if m == "GET" and p == pattern), None)
        for name in ok:
            status, text = o.send(probe_method, path + "?" + name + "q=x", get_body)
            m = re.search(r"did you mean (?:any of )?\[([^\]]*)\]", text)
            if m and name in [x.strip() for x in m.group(1).split(",")]:
                read.add(name)
        always[key] = read
        print(key, len(ok), file=sys.stderr)
    for key in list(accepted):
        if key.endswith(" /_search") or key.endswith("/{index}/_search"):
            accepted[key].update(SEARCH_SUGGEST)
        if "source" in accepted[key] or key.endswith("_analyze"):
            accepted[key].update(["source", "source_content_type"])
    o.send("DELETE", "/strict-probe-new", None)
    o.send("DELETE", "/strict-probe", None)
    for kind in ["_index_template", "_component_template", "_template"]:
        o.send("DELETE", "/" + kind + "/strict-probe-template", None)
    write(accepted, always, only)


def write(accepted, always, only=None):
    header = open(OUT).read().split("\n\n", 1)[0] if os.path.exists(OUT) else "#"
    rows = []
    if only and os.path.exists(OUT):  # keep the rows of the routes not probed this time
        for line in open(OUT).read().split("\n\n", 1)[1].splitlines():
            method, pattern = line.split(" = ", 1)[0].split(" ")
            if not only.search(method + " " + pattern):
                rows.append(((pattern, method), line))
    for key, names in accepted.items():
        method, pattern = key.split(" ")
        for var, real in [("{newindex}", "{index}"), ("{missingalias}", "{name}"),
                          ("/_doc/{missing}", "/_doc/{id}"), ("{missing}", "{index}"),
                          ("{missingtemplate}", "{name}"), ("{template}", "{name}"),
                          ("{simindex}", "{name}")]:
            pattern = pattern.replace(var, real)
        words = [n if n in always[key] else n + "?" for n in sorted(names)]
        line = method + " " + pattern + " = " + " ".join(words)
        if key in DUET_ONLY:
            line += " | " + " ".join(DUET_ONLY[key])
        rows.append(((pattern, method), line))
    with open(OUT, "w") as f:
        f.write(header + "\n\n" + "\n".join(l for _, l in sorted(rows)) + "\n")


if __name__ == "__main__":
    main()
