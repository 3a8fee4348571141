-- POST /credentials/verify with the credential in the file named by BENCH_CREDENTIAL.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

function init(args)
  local file = io.open(os.getenv("BENCH_CREDENTIAL"))
  wrk.body = '{"verifiableCredential":' .. file:read("*a") .. '}'
  file:close()
end
