#!/bin/sh
# Run once by Patroni on the node that creates the cluster ($1: a
# connection string for its superuser): the bot's role and database.
# Set the role's password afterwards: ALTER ROLE thaayam PASSWORD '...'.
set -e
psql "$1" -v ON_ERROR_STOP=1 -c "CREATE ROLE thaayam LOGIN" -c "CREATE DATABASE thaayam OWNER thaayam"
