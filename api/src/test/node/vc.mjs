// Independent check of Traceloom's credentials with Digital Bazaar's stack.
//   node vc.mjs verify <credential.json> <documents.json>   exit 0 when verified (status checked too)
//   node vc.mjs status <credential.json> <documents.json>   {verified, revoked}: @digitalbazaar/vc-bitstring-status-list
//                                                           reading the credential's status list
//   node vc.mjs issue  <credential.json> <documents.json>   prints the credential signed by a fresh did:key
//                                                           (VC 1.1 or 2.0, by its @context)
//   node vc.mjs issue-2020 <credential.json> <documents.json>  the same with an Ed25519Signature2020 proof
//   node vc.mjs issue-chain <credential.json> <documents.json> signed by a fresh did:key, then a second proof by
//                                                           another key chained to the first (previousProof)
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
  const revoked = (result.statusResult?.results ?? []).some(r => r.status === true);
  console.log(JSON.stringify({verified: result.verified, revoked, errors}));
  process.exit(result.verified ? 0 : 1);
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
} else {
  console.error('usage: node vc.mjs verify|status|issue|issue-2020|issue-chain <credential.json> <documents.json>');
  process.exit(2);
}
