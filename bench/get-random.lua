-- GET BENCH_PATH with each {r} replaced by a random whole number from BENCH_FROM to BENCH_TO (inclusive)
local path = os.getenv("BENCH_PATH")
local from = tonumber(os.getenv("BENCH_FROM"))
local to = tonumber(os.getenv("BENCH_TO"))
math.randomseed(os.time())

request = function()
  local p = path:gsub("{r}", function() return tostring(math.random(from, to)) end)
  return wrk.format("GET", p)
end
