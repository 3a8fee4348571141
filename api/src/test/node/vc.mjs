// Independent check of Traceloom's credentials with Digital Bazaar's stack.
//   node vc.mjs verify <credential.json> <documents.json>   exit 0 when verified (status checked too)
//   node vc.mjs status <credential.json> <documents.json>   {verified, revoked}: @digitalbazaar/vc-bitstring-status-list
//                                                           reading the credential's status list
//   node vc.mjs issue  <credential.json> <documents.json>   prints the credential signed by a fresh did:key
//                                                           (VC 1.1 or 2.0, by its @context)
//   node vc.mjs issue-2020 <credential.json> <documents.json>  the same with an Ed25519Signature2020 proof
//   node vc.mjs issue-chain <credential.json> <documents.json> signed by a fresh did:key, then a second proof by
//                                                           another key chained to the first (previousProof), signing
//                                                           the first with the document, as Data Integrity specifies
//   node vc.mjs issue-chain-db <credential.json> <documents.json> the same chain as Digital Bazaar's libraries make it
//                                                           (and the W3C Data Integrity test suites with them): each
//                                                           proof added by vc.issue, which signs the document without
//                                                           any proof, previousProof only named in the proof options
//   node vc.mjs issue-set <credential.json> <documents.json> a proof set: two proofs by two keys, neither naming the other
//   node vc.mjs verify-chain <credential.json> <documents.json> every proof checked with Digital Bazaar's suite
//                                                           against the document with the proofs its previousProof
//                                                           names (the Data Integrity chain algorithm, which
//                                                           jsonld-signatures does not implement: its ProofChain is
//                                                           empty and ProofSet verifies each proof without the others)
// verify prints {verified, proofs: [each proof's verification], revoked, errors} and exits 0 only when every proof
// verified: vc.verifyCredential alone answers verified when any one of them does.
// documents.json: {"<url>": <document>, ...}, what Traceloom serves beyond the standard contexts: its own
// context, and status list credentials.
import {readFileSync} from 'node:fs';
import * as vc from '@digitalbazaar/vc';
import {DataIntegrityProof} from '@digitalbazaar/data-integrity';
import {cryptosuite as eddsaRdfc2022} from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import {driver as didKeyDriver} from '@digitalbazaar/did-method-key';
import credentialsContext from 'credentials-context';
import {contexts as credentialsV2Contexts} from '@digitalbazaar/credentials-context';
import {contexts as statusListContexts} from '@digitalbazaar/vc-bitstring-status-list-context';
import {checkStatus} from '@digitalbazaar/vc-bitstring-status-list';
import dataIntegrityContext from '@digitalbazaar/data-integrity-context';
import {Ed25519Signature2020} from '@digitalbazaar/ed25519-signature-2020';
import {Ed25519VerificationKey2020} from '@digitalbazaar/ed25519-verification-key-2020';
import ed25519Context from 'ed25519-signature-2020-context';

const [, , mode, credentialFile, documentsFile] = process.argv;
const documents = new Map([
  ...credentialsContext.contexts,
  ...credentialsV2Contexts,
  ...statusListContexts,
  ...dataIntegrityContext.contexts,
  ...ed25519Context.contexts,
  ...Object.entries(JSON.parse(readFileSync(documentsFile, 'utf8')))
]);
const didKey = didKeyDriver();
didKey.use({multibaseMultikeyHeader: 'z6Mk', fromMultibase: Ed25519Multikey.from});

async function documentLoader(url) {
  if (documents.has(url)) {
    return {contextUrl: null, documentUrl: url, document: documents.get(url)};
  }
  if (url.startsWith('did:key:')) {
    return {contextUrl: null, documentUrl: url, document: await didKey.get({url})};
  }
  throw new Error(`refusing to load ${url}`);
}

async function newSigner() {
  const key = await Ed25519Multikey.generate();
  const did = `did:key:${key.publicKeyMultibase}`;
  key.controller = did;
  key.id = `${did}#${key.publicKeyMultibase}`;
  return {did, suite: new DataIntegrityProof({signer: key.signer(), cryptosuite: eddsaRdfc2022})};
}

const credential = JSON.parse(readFileSync(credentialFile, 'utf8'));
const verifier = new DataIntegrityProof({cryptosuite: eddsaRdfc2022});
if (mode === 'verify') {
  const result = await vc.verifyCredential({credential, suite: verifier, documentLoader, checkStatus});
  const errors = result.error ? (result.error.errors ?? [result.error]).map(e => e.message) : [];
  const proofs = (result.results ?? []).map(r => r.verified);
  (result.results ?? []).filter(r => r.error).forEach(r => errors.push(r.error.message));
  const verified = result.verified && proofs.length > 0 && proofs.every(Boolean);
  const revoked = (result.statusResult?.results ?? []).some(r => r.status === true);
  console.log(JSON.stringify({verified, proofs, revoked, errors}));
  process.exit(verified ? 0 : 1);
} else if (mode === 'verify-chain') {
  const {proof, ...unsecured} = credential;
  const all = [proof].flat();
  const proofs = [];
  const errors = [];
  for (const [i, each] of all.entries()) {
    const named = [each.previousProof ?? []].flat().map(id => all.find(other => other.id === id));
    if (named.some(other => other === undefined)) {
      proofs.push(false);
      errors.push(`proof[${i}]: previousProof names no proof of the credential`);
      continue;
    }
    const document = named.length === 0 ? unsecured : {...unsecured, proof: named};
    const result = await new DataIntegrityProof({cryptosuite: eddsaRdfc2022}).verifyProof(
      {proof: {'@context': credential['@context'], ...each}, document, documentLoader});
    proofs.push(result.verified);
    if (!result.verified) {
      errors.push(`proof[${i}]: ${result.error?.message}`);
    }
  }
  const verified = proofs.length > 0 && proofs.every(Boolean);
  console.log(JSON.stringify({verified, proofs, errors}));
  process.exit(verified ? 0 : 1);
} else if (mode === 'status') {
  const result = await checkStatus({credential, documentLoader, suite: verifier,
    verifyBitstringStatusListCredential: true, verifyMatchingIssuers: true});
  const revoked = (result.results ?? []).some(r => r.status === true);
  console.log(JSON.stringify({verified: result.verified, revoked, error: result.error?.message}));
  process.exit(result.verified ? 0 : 1);
} else if (mode === 'issue') {
  const {did, suite} = await newSigner();
  credential.issuer = did;
  console.log(JSON.stringify(await vc.issue({credential, suite, documentLoader})));
} else if (mode === 'issue-2020') {
  const key = await Ed25519VerificationKey2020.generate();
  const did = `did:key:${key.fingerprint()}`;
  key.controller = did;
  key.id = `${did}#${key.fingerprint()}`;
  credential.issuer = did;
  const suite = new Ed25519Signature2020({key});
  console.log(JSON.stringify(await vc.issue({credential, suite, documentLoader})));
} else if (mode === 'issue-chain') {
  // the Data Integrity proof chain algorithm: the second proof signs the document with the proof it names
  const {did, suite} = await newSigner();
  credential.issuer = did;
  suite.proof = {id: 'urn:uuid:5f0c1b1e-0000-4000-8000-000000000001'};
  const signed = await vc.issue({credential, suite, documentLoader});
  const first = signed.proof;
  const {suite: notary} = await newSigner();
  notary.proof = {id: 'urn:uuid:5f0c1b1e-0000-4000-8000-000000000002', previousProof: first.id};
  const second = await notary.createProof({
    document: {...signed, proof: first},
    purpose: new vc.CredentialIssuancePurpose(),
    proofSet: [first],
    documentLoader
  });
  console.log(JSON.stringify({...signed, proof: [first, second]}));
} else if (mode === 'issue-chain-db' || mode === 'issue-set') {
  // as the W3C test suites' proofChain and proofSet generators do: one vc.issue per proof
  const {did, suite} = await newSigner();
  credential.issuer = did;
  const {suite: second} = await newSigner();
  if (mode === 'issue-chain-db') {
    suite.proof = {id: 'urn:uuid:5f0c1b1e-0000-4000-8000-000000000003'};
    second.proof = {previousProof: suite.proof.id};
  }
  const signed = await vc.issue({credential, suite, documentLoader});
  console.log(JSON.stringify(await vc.issue({credential: signed, suite: second, documentLoader})));
} else {
  console.error('usage: node vc.mjs verify|verify-chain|status|issue|issue-2020|issue-chain|issue-chain-db|issue-set '
    + '<credential.json> <documents.json>');
  process.exit(2);
}
