-- POST /credentials/issue: a command that builds, signs (eddsa-rdfc-2022) and records a credential.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"type":"TraceabilityCredential","credentialSubject":{"id":"urn:epc:id:sgtin:4012345.011111.1001","product":"Apples","lot":{"kg":1200}}}'
