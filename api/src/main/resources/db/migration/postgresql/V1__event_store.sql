-- Axon's JDBC event store on PostgreSQL.
CREATE TABLE domain_event_entry (
    global_index         BIGSERIAL    PRIMARY KEY,
    event_identifier     VARCHAR(255) NOT NULL,
    aggregate_identifier VARCHAR(255) NOT NULL,
    sequence_number      BIGINT       NOT NULL,
    type                 VARCHAR(255),
    time_stamp           VARCHAR(255) NOT NULL,
    payload_type         VARCHAR(255) NOT NULL,
    payload_revision     VARCHAR(255),
    payload              BYTEA        NOT NULL,
    meta_data            BYTEA,
    CONSTRAINT domain_event_entry_event_identifier UNIQUE (event_identifier),
    CONSTRAINT domain_event_entry_aggregate_sequence UNIQUE (aggregate_identifier, sequence_number)
);

CREATE TABLE snapshot_event_entry (
    aggregate_identifier VARCHAR(255) NOT NULL,
    sequence_number      BIGINT       NOT NULL,
    type                 VARCHAR(255) NOT NULL,
    event_identifier     VARCHAR(255) NOT NULL,
    time_stamp           VARCHAR(255) NOT NULL,
    payload_type         VARCHAR(255) NOT NULL,
    payload_revision     VARCHAR(255),
    payload              BYTEA        NOT NULL,
    meta_data            BYTEA,
    PRIMARY KEY (aggregate_identifier, sequence_number, type),
    CONSTRAINT snapshot_event_entry_event_identifier UNIQUE (event_identifier)
);
