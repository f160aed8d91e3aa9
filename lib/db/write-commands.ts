// Every command that writes, in both clients' spelling: what a guard in front of a client (the
// entry point's refusal to write before authorize) recognises a write by.
import {
  BatchExecuteStatementCommand, BatchWriteItemCommand, DeleteItemCommand, ExecuteStatementCommand,
  ExecuteTransactionCommand, PutItemCommand, TransactWriteItemsCommand, UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

const WRITES = [
  PutCommand, UpdateCommand, DeleteCommand, TransactWriteCommand, BatchWriteCommand,
  PutItemCommand, UpdateItemCommand, DeleteItemCommand, TransactWriteItemsCommand, BatchWriteItemCommand,
  // PartiQL: a statement may write, so it counts as one.
  ExecuteStatementCommand, ExecuteTransactionCommand, BatchExecuteStatementCommand,
];

export const isWriteCommand = (command: unknown): boolean => WRITES.some((W) => command instanceof W);
