// Independent check of Traceloom's credentials with Digital Bazaar's stack.
//   node vc.mjs verify <credential.json> <contexts.json>   exit 0 when verified
//   node vc.mjs issue  <credential.json> <contexts.json>   prints the credential signed by a fresh did:key
//   node vc.mjs issue-2020 <credential.json> <contexts.json>  the same with an Ed25519Signature2020 proof
// contexts.json: {"<url>": <context document>, ...}, the contexts Traceloom serves beyond the standard ones.
import {readFileSync} from 'node:fs';
import * as vc from '@digitalbazaar/vc';
import {DataIntegrityProof} from '@digitalbazaar/data-integrity';
import {cryptosuite as eddsaRdfc2022} from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import {driver as didKeyDriver} from '@digitalbazaar/did-method-key';
import credentialsContext from 'credentials-context';
import dataIntegrityContext from '@digitalbazaar/data-integrity-context';
import {Ed25519Signature2020} from '@digitalbazaar/ed25519-signature-2020';
import {Ed25519VerificationKey2020} from '@digitalbazaar/ed25519-verification-key-2020';
import ed25519Context from 'ed25519-signature-2020-context';

const [, , mode, credentialFile, contextsFile] = process.argv;
const contexts = new Map([
  ...credentialsContext.contexts,
  ...dataIntegrityContext.contexts,
  ...ed25519Context.contexts,
  ...Object.entries(JSON.parse(readFileSync(contextsFile, 'utf8')))
]);
const didKey = didKeyDriver();
didKey.use({multibaseMultikeyHeader: 'z6Mk', fromMultibase: Ed25519Multikey.from});

async function documentLoader(url) {
  if (contexts.has(url)) {
    return {contextUrl: null, documentUrl: url, document: contexts.get(url)};
  }
  if (url.startsWith('did:key:')) {
    return {contextUrl: null, documentUrl: url, document: await didKey.get({url})};
  }
  throw new Error(`refusing to load ${url}`);
}

const credential = JSON.parse(readFileSync(credentialFile, 'utf8'));
if (mode === 'verify') {
  const suite = new DataIntegrityProof({cryptosuite: eddsaRdfc2022});
  const result = await vc.verifyCredential({credential, suite, documentLoader});
  const errors = result.error ? (result.error.errors ?? [result.error]).map(e => e.message) : [];
  console.log(JSON.stringify({verified: result.verified, errors}));
  process.exit(result.verified ? 0 : 1);
} else if (mode === 'issue') {
  const key = await Ed25519Multikey.generate();
  const did = `did:key:${key.publicKeyMultibase}`;
  key.controller = did;
  key.id = `${did}#${key.publicKeyMultibase}`;
  credential.issuer = did;
  const suite = new DataIntegrityProof({signer: key.signer(), cryptosuite: eddsaRdfc2022});
  console.log(JSON.stringify(await vc.issue({credential, suite, documentLoader})));
} else if (mode === 'issue-2020') {
  const key = await Ed25519VerificationKey2020.generate();
  const did = `did:key:${key.fingerprint()}`;
  key.controller = did;
  key.id = `${did}#${key.fingerprint()}`;
  credential.issuer = did;
  const suite = new Ed25519Signature2020({key});
  console.log(JSON.stringify(await vc.issue({credential, suite, documentLoader})));
} else {
  console.error('usage: node vc.mjs verify|issue|issue-2020 <credential.json> <contexts.json>');
  process.exit(2);
}
