-- POST /trade-items: a tagged trade item, the full write path (tag lookup, event, projections).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"name":"Benchmark apples","tradeItemTag":"BENCH"}'
