-- GET /trade-items/{id} over the ids in the file named by BENCH_IDS, picked at random.
local ids = {}

function init(args)
  for line in io.lines(os.getenv("BENCH_IDS")) do
    ids[#ids + 1] = line
  end
  math.randomseed(os.time() + #ids)
end

function request()
  return wrk.format("GET", "/trade-items/" .. ids[math.random(#ids)])
end
