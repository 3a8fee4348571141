// Run once by the mongo image when its database is first created (docker-entrypoint-initdb.d): the service's
// own user, who may read and write the traceloom database and nothing else. The root user
// (MONGO_INITDB_ROOT_USERNAME) is for operators.
db.getSiblingDB('admin').createUser({
  user: 'traceloom',
  pwd: process.env.TRACELOOM_MONGO_PASSWORD,
  roles: [{ role: 'readWrite', db: 'traceloom' }],
});
