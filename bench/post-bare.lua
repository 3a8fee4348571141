-- The ceiling for writes: the same body to the bench profile's bare POST, which stores nothing.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"name":"Benchmark apples","tradeItemTag":"BENCH"}'
