-- A JSON write whose path and body may hold values no request used before, for the creates of every
-- resource: BENCH_METHOD (POST), BENCH_PATH and BENCH_BODY from the environment, in which
--   {n}    becomes a token unique to this request,
--   {uuid} a UUID unique to this request,
--   {gtin} a GTIN-14 with a valid check digit, unique to this request.
local counter = 0
local seed

function init(args)
  -- each wrk thread has its own Lua state: seed from the clock and this state's address
  math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)") or "0", 16) % 1000003)
  seed = math.random(0, 0x7fffffff)
end

wrk.method = os.getenv("BENCH_METHOD") or "POST"
wrk.headers["Content-Type"] = "application/json"
local path = os.getenv("BENCH_PATH")
local body = os.getenv("BENCH_BODY") or "{}"

local function gtin(number)
  local digits = string.format("0%012d", number % 1000000000000)
  local sum = 0
  for i = 1, 13 do
    local d = tonumber(digits:sub(i, i))
    sum = sum + d * ((i % 2 == 1) and 3 or 1)
  end
  return digits .. ((10 - sum % 10) % 10)
end

local function fill(text)
  local n = string.format("%08x-%d", seed, counter)
  local uuid = string.format("%08x-%04x-4%03x-8%03x-%012x", seed, counter % 0x10000, 0, 0, counter)
  local key = gtin((seed % 1000000) * 1000000 + counter)
  return (text:gsub("{n}", n):gsub("{uuid}", uuid):gsub("{gtin}", key))
end

function request()
  counter = counter + 1
  return wrk.format(nil, fill(path), nil, fill(body))
end
