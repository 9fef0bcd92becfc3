/** What the order endpoints take and answer (docs/api.md; decision 046). */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { XLSX_TYPE } from '../constants.js';
import type { orderEndpoints } from '../endpoints/orders.js';
import { idParam, selectedIds } from '../schemas/common.js';
import {
  createOrdersBody,
  dispatchFields,
  orderLetterBody,
  orderListQuery,
  orderStatusBody,
  paymentAnswerBody,
  paymentRecordBody,
} from '../schemas/orders.js';
import { createdOrders, messageData, noData, orderDto, orderList } from '../schemas/replies.js';
import { file, type ContractRows } from './contract.js';

/** One order with its history: `{ orderBook }`. */
export const orderReply = z.object({ orderBook: orderDto });

export const orderContracts = {
  create: { body: createOrdersBody, reply: createdOrders, alsoStatuses: [201] },
  list: { query: orderListQuery, reply: orderList },
  exportXlsx: { query: selectedIds(MSG.selectToExport), file: file('Booked_Orders.xlsx or Books_Ordered_By_You.xlsx', XLSX_TYPE) },
  addressLabels: { query: selectedIds(MSG.selectToPrint), file: file('addresses.pdf: A5 address labels', 'application/pdf') },
  letter: { body: orderLetterBody, file: file('The order letter', 'application/pdf') },
  billOfSupply: { params: idParam, file: file('bill-of-supply-<order>.pdf: the bill of supply', 'application/pdf') },
  one: { params: idParam, reply: orderReply },
  setStatus: { params: idParam, body: orderStatusBody, reply: messageData },
  remind: { params: idParam, reply: messageData },
  recordPayment: { params: idParam, body: paymentRecordBody, reply: messageData },
  answerPayment: { params: idParam, body: paymentAnswerBody, reply: messageData },
  dispatch: { multipart: dispatchFields, reply: noData },
} as const satisfies ContractRows<typeof orderEndpoints>;
